// Small setup documents for the solver tests: a box tank with a water column in one corner, built
// from the domain's own constructors so that every case is a valid SetupDocument.
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, planeShape } from '../../../src/domain/shape.ts';
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
