// Motion tab: the part's movements (kind, when, what, whom it follows), each with Edit and a Delete that
// asks for a second click, and Add movement, which opens the movement form in add mode.
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { movementsOfPart } from '../../../../domain/setup.ts';
import { SetupIcon } from '../../SetupIcon.tsx';
import { deleteMovement } from '../../setupActions.ts';
import { useSetupStore } from '../../setupStore.ts';
import { leaderNames, motionText, movementTimeText, MOVEMENT_TYPE_LABEL } from '../movement/movementText.ts';
import type { PartTabProps } from './partFormTypes.ts';

export function PartMotionTab({ part, document }: PartTabProps) {
  const select = useSetupStore((s) => s.select);
  const locked = useSetupStore((s) => s.locked);
  const [armed, setArmed] = useState<string | null>(null);
  const own = movementsOfPart(document, part.id);
  const followersCount = (id: string) => document.movements.filter((m) => m.parents.includes(id)).length;

  return (
    <Stack gap="sm" data-testid="part-motion">
      {own.length === 0 ? (
        <Paper withBorder p="md" radius="sm" data-testid="motion-empty" style={{ borderStyle: 'dashed' }}>
          <Text size="sm" fw={600}>
            No movements yet
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Add a translation or a rotation to move this part during the simulation. Movements run one after the other or
            together, and can follow other movements.
          </Text>
        </Paper>
      ) : (
        own.map((movement) => {
          const leaders = leaderNames(movement, document.movements);
          const followers = followersCount(movement.id);
          return (
            <Paper key={movement.id} withBorder p="sm" radius="sm" data-testid={`motion-item-${movement.id}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600} truncate="end" data-testid="motion-item-name">
                      {movement.name}
                    </Text>
                    <Badge size="xs" variant="light" color={movement.type.type === 'rotatory' ? 'grape' : 'blue'} data-testid="motion-item-type">
                      {MOVEMENT_TYPE_LABEL[movement.type.type]}
                    </Badge>
                    {movement.virtualMovement && (
                      <Tooltip label="Moves only the wall velocity (moving boundary condition); the geometry stays." withArrow multiline w={240}>
                        <Badge size="xs" variant="outline" color="gray">
                          Wall velocity
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" data-testid="motion-item-time">
                    {movementTimeText(movement, document.settings.endTime)}
                  </Text>
                  <Text size="xs" data-testid="motion-item-motion">
                    {motionText(movement)}
                  </Text>
                  {leaders.length > 0 && (
                    <Text size="xs" c="dimmed">
                      Follows {leaders.join(', ')}
                    </Text>
                  )}
                  {followers > 0 && (
                    <Text size="xs" c="dimmed">
                      Leads {followers} {followers === 1 ? 'movement' : 'movements'}
                    </Text>
                  )}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${movement.name}`}
                      data-testid={`motion-edit-${movement.id}`}
                      onClick={() => select({ form: movement.virtualMovement ? 'movingBoundaryCondition' : 'motion', partId: part.id, movementId: movement.id })}
                    >
                      <SetupIcon name="pencil" size={15} />
                    </ActionIcon>
                  </Tooltip>
                  {!locked && (
                    <Tooltip label={armed === movement.id ? 'Click again to delete' : 'Delete'} withArrow>
                      <ActionIcon
                        variant={armed === movement.id ? 'filled' : 'subtle'}
                        color="red"
                        aria-label={`Delete ${movement.name}`}
                        data-testid={`motion-delete-${movement.id}`}
                        data-armed={armed === movement.id}
                        onBlur={() => setArmed((current) => (current === movement.id ? null : current))}
                        onClick={() => {
                          if (armed !== movement.id) {
                            setArmed(movement.id);
                            return;
                          }
                          setArmed(null);
                          deleteMovement(movement.id);
                        }}
                      >
                        <SetupIcon name="trash" size={15} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          );
        })
      )}
      <Group>
        <Button size="xs" variant="light" data-testid="motion-add" onClick={() => select({ form: 'motion', partId: part.id })}>
          Add movement
        </Button>
      </Group>
    </Stack>
  );
}
