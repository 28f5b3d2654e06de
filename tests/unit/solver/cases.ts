// Small setup documents for the solver tests: a box tank with a water column in one corner, built
// from the domain's own constructors so that every case is a valid SetupDocument.
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, inlineMeshShape, planeShape } from '../../../src/domain/shape.ts';
import { defaultCylinderMesh } from '../../../src/domain/mesh.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { createMovement, type Movement } from '../../../src/domain/movement.ts';
import {
  defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRigidComponent,
} from '../../../src/domain/component.ts';
import type { SimulationSettings } from '../../../src/domain/settings.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';

export interface TankCaseOptions {
  dx: number;
  /** Tank interior size, corner at the origin. */
  tank: Vec3;
  /** Water column size, corner at the origin. */
  column: Vec3;
  settings?: Partial<SimulationSettings>;
  slip?: boolean;
  speedOfSound?: number;
}

export function tankCase(o: TankCaseOptions): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: o.dx, endTime: 0.1, outputTimeInterval: 0.02, gravity: [0, 0, -9.81],
    integrationScheme: 'runge_kutta_4', shifting: 'sun17', ...o.settings,
  };
  s.materials[0] = { ...s.materials[0], name: 'Water', speedOfSound: o.speedOfSound ?? 20 };
  const tank = cubeShape(o.tank, [o.tank[0] / 2, o.tank[1] / 2, o.tank[2] / 2]);
  tank.flipNormals = true;
  const rigid = defaultRigidComponent();
  rigid.velocityKind = o.slip === false ? 'no_slip' : 'slip';
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: rigid, shape: tank }),
    createPart({
      id: 'water', name: 'Water', component: water, materialId: 0,
      shape: cubeShape(o.column, [o.column[0] / 2, o.column[1] / 2, o.column[2] / 2]),
    }),
  ];
  return s;
}

/** Tank filled from a seed point up to `height` by a fluid level part. */
export function fluidLevelCase(dx: number, tank: Vec3, height: number): SetupDocument {
  const s = tankCase({ dx, tank, column: [dx, dx, dx] });
  const level = defaultFillingComponent(height);
  level.initialPreset = 'hydrostatic';
  const shape = cubeShape(tank, [tank[0] / 2, tank[1] / 2, tank[2] / 2]);
  shape.flipNormals = true;
  s.parts[1] = createPart({
    id: 'water', name: 'Water', component: level, shape, materialId: 0, seedPoint: [tank[0] / 2, tank[1] / 2, dx],
  });
  return s;
}

/**
 * Channel along x without gravity: walls all around, an inlet plane at x = 0.06 (normal +x) and an
 * outlet plane at x = L - 0.06 (normal -x), fluid in between.
 */
export function channelCase(dx: number, length: number, inflowVelocity: number): SetupDocument {
  const s = emptySetup();
  const section = 0.1;
  s.settings = {
    ...s.settings, particleDiameter: dx, endTime: 0.1, outputTimeInterval: 0.05, gravity: [0, 0, 0],
    integrationScheme: 'runge_kutta_4', shifting: 'sun17',
  };
  s.materials[0] = { ...s.materials[0], name: 'Water', speedOfSound: 20 };
  const channel = cubeShape([length, section, section], [length / 2, section / 2, section / 2]);
  channel.flipNormals = true;
  const rigid = defaultRigidComponent();
  rigid.velocityKind = 'slip';
  const inletAt = 0.06, outletAt = length - 0.06;
  const water = defaultFlowComponent();
  water.initialVelocity = [inflowVelocity, 0, 0];
  const inflow = defaultOpenBoundaryComponent('inflow');
  inflow.ioType = 'riemann_velocity';
  inflow.ioVelocity = inflowVelocity;
  const outflow = defaultOpenBoundaryComponent('outflow');
  outflow.ioType = 'riemann_pressure';
  outflow.ioPressure = 0;
  const inletShape = planeShape([section, section, 0], [inletAt, section / 2, section / 2]);
  inletShape.rotation = [0, 90, 0];
  const outletShape = planeShape([section, section, 0], [outletAt, section / 2, section / 2]);
  outletShape.rotation = [0, -90, 0];
  s.parts = [
    createPart({ id: 'channel', name: 'Channel', component: rigid, shape: channel }),
    createPart({
      id: 'water', name: 'Water', component: water, materialId: 0,
      shape: cubeShape([outletAt - inletAt, section, section], [(inletAt + outletAt) / 2, section / 2, section / 2]),
    }),
    createPart({ id: 'inlet', name: 'Inlet', component: inflow, shape: inletShape, materialId: 0 }),
    createPart({ id: 'outlet', name: 'Outlet', component: outflow, shape: outletShape, materialId: 0 }),
  ];
  return s;
}

export interface CylinderTankOptions {
  dx: number;
  radius: number;
  /** Height of the tank; its floor is at z = 0 and its axis the z axis. */
  height: number;
  /** Water filled to this height. */
  fill: number;
  kinematicViscosity?: number;
  speedOfSound?: number;
  settings?: Partial<SimulationSettings>;
}

/**
 * An upright cylindrical tank (a closed cylinder mesh of 64 sides with inward normals: a container) with
 * no-slip walls, filled with water by a fluid level from a seed point on its axis.
 */
export function cylinderTankCase(o: CylinderTankOptions): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: o.dx, endTime: 1, outputTimeInterval: 0.1, gravity: [0, 0, -9.81],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21', ...o.settings,
  };
  s.materials[0] = {
    ...s.materials[0], name: 'Water', speedOfSound: o.speedOfSound ?? 20, kinematicViscosity: o.kinematicViscosity ?? 1e-6,
  };
  const mesh = meshDefinitionTriangles({
    ...defaultCylinderMesh([0, 0, o.height / 2]), radius: o.radius, height: o.height, cylinderResolution: 64,
  });
  if (mesh === null) throw new Error('a cylinder has triangles');
  const container = () => {
    const shape = inlineMeshShape(mesh);
    shape.flipNormals = true;
    return shape;
  };
  const rigid = defaultRigidComponent();
  rigid.velocityKind = 'no_slip';
  const level = defaultFillingComponent(o.fill);
  level.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: rigid, shape: container() }),
    createPart({ id: 'water', name: 'Water', component: level, shape: container(), materialId: 0, seedPoint: [o.dx / 2, o.dx / 2, o.dx] }),
  ];
  return s;
}

/** A rotatory movement about `axis` through `center` at constant angular speed (rad/s) from t = 0. */
export function spin(id: string, partId: string | null, center: Vec3, axis: Vec3, vel: number, acc = 0): Movement {
  const m = createMovement('rotatory', partId, [], id);
  return { ...m, name: id, type: { type: 'rotatory', center, axis, vel, acc } };
}

/** A translatory movement along `direction` at speed `vel` (m/s) with acceleration `acc` from t = 0. */
export function slide(id: string, partId: string | null, direction: Vec3, vel: number, acc = 0): Movement {
  const m = createMovement('translatory', partId, [], id);
  return { ...m, name: id, type: { type: 'translatory', direction, vel, acc } };
}

/**
 * The tank of tankCase with a paddle: a plate standing in the water clear of the walls, turning about a
 * horizontal axis through its middle at `omega` rad/s (0: it stands still; without movement).
 */
export function paddleCase(dx: number, omega: number | null, settings: Partial<SimulationSettings> = {}): SetupDocument {
  const s = tankCase({
    dx, tank: [0.4, 0.2, 0.3], column: [0.4, 0.2, 0.14], slip: false,
    settings: { endTime: 0.1, outputTimeInterval: 0.05, integrationScheme: 'runge_kutta_4', shifting: 'lyu21', ...settings },
  });
  const paddle = defaultRigidComponent();
  paddle.velocityKind = 'no_slip';
  s.parts.push(createPart({ id: 'paddle', name: 'Paddle', component: paddle, shape: cubeShape([0.04, 0.08, 0.16], [0.2, 0.1, 0.14]) }));
  if (omega !== null) s.movements.push(spin('turn', 'paddle', [0.2, 0.1, 0.14], [0, 1, 0], omega));
  return s;
}
