// 'n/max' under a text input; red once the text is longer than allowed.
import { Text } from '@mantine/core';

export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <Text size="xs" c={length > max ? 'red' : 'dimmed'} ta="right" mt={2}>
      {length}/{max}
    </Text>
  );
}
