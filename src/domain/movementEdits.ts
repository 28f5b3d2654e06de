// Changes to the setup document that involve movements and everything referring to them: adding or
// replacing a movement (with a moving wall that uses it), removing one (its followers lose it as a leader,
// walls whose velocity followed it become no-slip walls), and removing a part with its movements. The
// document that comes out never names a movement that does not exist, so the server accepts it.
import type { Movement } from './movement.ts';
import type { Part } from './part.ts';
import type { SetupDocument } from './setup.ts';

/** Adds `movement`, or replaces the movement with its id. */
export function withMovement(document: SetupDocument, movement: Movement): SetupDocument {
  const exists = document.movements.some((m) => m.id === movement.id);
  return {
    ...document,
    movements: exists ? document.movements.map((m) => (m.id === movement.id ? movement : m)) : [...document.movements, movement],
  };
}

/** Makes the rigid part `partId` a moving wall whose velocity follows `movementId`. */
export function withMovingWall(document: SetupDocument, partId: string, movementId: string): SetupDocument {
  return {
    ...document,
    parts: document.parts.map((p): Part =>
      p.id === partId && p.component.type === 'rigid'
        ? { ...p, component: { ...p.component, velocityKind: 'moving', velocityConditionMovementId: movementId } }
        : p,
    ),
  };
}

/** Removes the movements `ids` and every reference to them. */
export function withoutMovements(document: SetupDocument, ids: ReadonlySet<string>): SetupDocument {
  if (ids.size === 0) return document;
  const movements = document.movements
    .filter((m) => !ids.has(m.id))
    .map((m) => (m.parents.some((p) => ids.has(p)) ? { ...m, parents: m.parents.filter((p) => !ids.has(p)) } : m));
  const parts = document.parts.map((p): Part => {
    const c = p.component;
    if (c.type !== 'rigid' || c.velocityConditionMovementId === null || !ids.has(c.velocityConditionMovementId)) return p;
    return { ...p, component: { ...c, velocityKind: c.velocityKind === 'moving' ? 'no_slip' : c.velocityKind, velocityConditionMovementId: null } };
  });
  return { ...document, movements, parts };
}

export function withoutMovement(document: SetupDocument, id: string): SetupDocument {
  return withoutMovements(document, new Set([id]));
}

/** Removes a part together with its movements (and what referred to them). */
export function withoutPart(document: SetupDocument, partId: string): SetupDocument {
  const own = new Set(document.movements.filter((m) => m.partId === partId).map((m) => m.id));
  const cleaned = withoutMovements(document, own);
  return { ...cleaned, parts: cleaned.parts.filter((p) => p.id !== partId) };
}

/** Which parts may move: solids and inlets/outlets. Fluids are carried by the flow, refinements by nothing. */
export function partMayMove(part: Pick<Part, 'component'>): boolean {
  return part.component.type === 'rigid' || part.component.type === 'openboundary';
}
