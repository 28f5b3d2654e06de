// Small setup documents for the solver tests: a box tank with a water column in one corner, built
// from the domain's own constructors so that every case is a valid SetupDocument.
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, inlineMeshShape, planeShape } from '../../../src/domain/shape.ts';
import { defaultCylinderMesh } from '../../../src/domain/mesh.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { createMovement, type Movement } from '../../../src/domain/movement.ts';
import {
  defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRigidComponent, type RigidComponent,
} from '../../../src/domain/component.ts';
import type { SimulationSettings } from '../../../src/domain/settings.ts';
import type { Vec3 } from '../../../src/domain/vector.ts';
import { tableFromRows } from '../../../src/domain/dataTable.ts';

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

/**
 * channelCase whose inlet takes its normal velocity from a table of 11 points across the channel (along y
 * at mid-height on the inlet plane): u(y) = u0 + shear y; the fluid starts at the profile's mean.
 */
export function profiledChannelCase(dx: number, length: number, u0: number, shear: number): SetupDocument {
  const section = 0.1;
  const setup = channelCase(dx, length, u0 + (shear * section) / 2);
  const rows = Array.from({ length: 11 }, (_, k) => {
    const y = (k / 10) * section;
    return [0.06, y, section / 2, u0 + shear * y];
  });
  setup.dataTables.push(tableFromRows('inlet-profile', ['pos_x', 'pos_y', 'pos_z', 'vel_n'], rows));
  const inlet = setup.parts.find((p) => p.id === 'inlet');
  if (inlet?.component.type !== 'openboundary') throw new Error('the channel has an inlet');
  inlet.component.ioProfileKind = 'field';
  inlet.component.ioTableId = 'inlet-profile';
  return setup;
}

export interface HeatedTankOptions {
  dx: number;
  /** Thermal condition of the tank's walls. */
  tank: Partial<Pick<RigidComponent, 'thermoKind' | 'boundaryTemperature' | 'heatFlux' | 'heatTransferCoefficient' | 'referenceTemperature'>>;
  /** A block standing in the tank: its box (min and max corners) and thermal condition. */
  block: { min: Vec3; max: Vec3; thermal: HeatedTankOptions['tank'] };
  /** Tank interior size (corner at the origin); the fluid fills it outside the block. */
  size: Vec3;
  /** The fluid's box (min and max corners), at initialTemperature. */
  fluid: { min: Vec3; max: Vec3; temperature: number };
}

/**
 * Still, light and very conductive fluid (ρ = 1 kg/m³, k = 10 W/(m K), c_p = 100 J/(kg K): α = 0.1 m²/s,
 * within the spec's limits) in a closed tank with a rigid block, no gravity, heat transfer on: the
 * temperature changes over a few conduction steps while the fluid stays at rest.
 */
export function heatedTankCase(o: HeatedTankOptions): SetupDocument {
  const s = tankCase({
    dx: o.dx, tank: o.size, column: [o.dx, o.dx, o.dx],
    settings: { gravity: [0, 0, 0], thermodynamics: true, ambientTemperature: 300, endTime: 0.01, outputTimeInterval: 0.005 },
  });
  s.materials[0] = { ...s.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
  const tank = s.parts[0].component;
  if (tank.type !== 'rigid') throw new Error('the tank is rigid');
  Object.assign(tank, o.tank);
  const box = (min: Vec3, max: Vec3) => cubeShape(
    [max[0] - min[0], max[1] - min[1], max[2] - min[2]], [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2],
  );
  const block = defaultRigidComponent();
  block.velocityKind = 'slip';
  Object.assign(block, o.block.thermal);
  const fluid = defaultFlowComponent();
  fluid.initialTemperature = o.fluid.temperature;
  s.parts[1] = createPart({ id: 'water', name: 'Water', component: fluid, materialId: 0, shape: box(o.fluid.min, o.fluid.max) });
  s.parts.push(createPart({ id: 'block', name: 'Block', component: block, shape: box(o.block.min, o.block.max) }));
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

/**
 * A drop of liquid (σ = 0.0728 N/m, ν = 4e-4 m²/s, c0 = 2 m/s) put as a box of `box` lattice cells on a
 * slip plate whose top is z = 0, with the plate's contact angle; no gravity; RK4, lyu21 shifting.
 */
export function sessileDropCase(dx: number, box: Vec3, contactAngleDeg: number): SetupDocument {
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: dx, endTime: 0.1, outputTimeInterval: 0.01, gravity: [0, 0, 0],
    integrationScheme: 'runge_kutta_4', shifting: 'lyu21', surfaceTension: true, sigma: 0.0728, densityLimiter: false,
  };
  s.materials[0] = { ...s.materials[0], name: 'Liquid', speedOfSound: 2, kinematicViscosity: 4e-4 };
  const plate = defaultRigidComponent();
  plate.velocityKind = 'slip';
  plate.contactAngle = contactAngleDeg;
  const side = 2 * Math.max(box[0], box[1]) * dx;
  s.parts = [
    createPart({ id: 'plate', name: 'Plate', component: plate, shape: cubeShape([side, side, 6 * dx], [0, 0, -3 * dx]) }),
    createPart({
      id: 'drop', name: 'Drop', component: defaultFlowComponent(), materialId: 0,
      shape: cubeShape([box[0] * dx, box[1] * dx, box[2] * dx], [0, 0, (box[2] * dx) / 2]),
    }),
  ];
  return s;
}
