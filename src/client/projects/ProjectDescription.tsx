// A project description, cut at 120 characters with Read more / Read less.
import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { truncateDescription } from './truncateDescription.ts';

export function ProjectDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const preview = truncateDescription(text);
  return (
    <Text size="sm" c="dimmed" data-testid="project-description" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {expanded || !preview.truncated ? text : preview.text}
      {preview.truncated && (
        <>
          {' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setExpanded(!expanded)} data-testid="project-description-toggle">
            {expanded ? 'Read less' : 'Read more'}
          </Anchor>
        </>
      )}
    </Text>
  );
}
