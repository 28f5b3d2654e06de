// The highlights of the announced release, shown in the release toast.
import { List } from '@mantine/core';

export function ReleaseNotes() {
  return (
    <List size="sm" spacing={2} mt={4}>
      <List.Item>Volume clips: cut the fluid with a cube, cylinder or your own geometry, in setup and results.</List.Item>
      <List.Item>Volume attribute in statistics.</List.Item>
      <List.Item>Fluid information tab in the part editor.</List.Item>
    </List>
  );
}
