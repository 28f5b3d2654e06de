// Time series of a sensor (spec 2 §3 'Sensor', 'Integrated quantities'): the quantities a sensor's results
// offer (each recorded attribute, vectors as magnitude or one component, and a surface sensor's integrated
// quantities), their values per output, and the chart window the statistics panel's chart draws them in.
import {
  attributeLabelWithUnit, integratedQuantities, isVectorAttribute, resultAttributeKeySchema, resultAttributes,
  type IntegratedQuantityKey, type ResultAttributeKey,
} from '../../domain/attributes.ts';
import { defaultDatasetLayout, type ChartWindow } from '../../domain/chart.ts';
import type { CustomSensor, SensorValue } from '../../domain/postprocessing.ts';
import { SURFACE_SENSOR_INTEGRALS, type Sensor } from '../../domain/sensor.ts';

export type VectorPart = 'magnitude' | 'x' | 'y' | 'z';

export type SensorQuantity =
  | { kind: 'attribute'; attribute: ResultAttributeKey; part: VectorPart | null }
  | { kind: 'integral'; integral: IntegratedQuantityKey; part: VectorPart | null };

export interface SensorQuantityOption {
  /** Stable key for selects: 'pressure', 'velocity:x', 'integral:mass_flow_rate', 'integral:normal_force:magnitude'. */
  key: string;
  label: string;
  quantity: SensorQuantity;
}

const VECTOR_PARTS: readonly VectorPart[] = ['magnitude', 'x', 'y', 'z'];
/** Integrated quantities that are vectors. */
const VECTOR_INTEGRALS: ReadonlySet<IntegratedQuantityKey> = new Set(['normal_force', 'shear_force', 'total_force']);

function partLabel(part: VectorPart | null): string {
  return part === null ? '' : part === 'magnitude' ? ' (magnitude)' : ` (${part})`;
}

function integralLabel(key: IntegratedQuantityKey): string {
  const q = integratedQuantities[key];
  return q.unit ? `${q.label} [${q.unit}]` : q.label;
}

/** What a sensor's chart can show: its recorded attributes, then a surface sensor's integrated quantities. */
export function sensorQuantityOptions(sensor: Pick<Sensor, 'kind' | 'attributes'>): SensorQuantityOption[] {
  const options: SensorQuantityOption[] = [];
  for (const raw of sensor.attributes) {
    const parsed = resultAttributeKeySchema.safeParse(raw);
    if (!parsed.success) continue;
    const attribute = parsed.data;
    const parts = isVectorAttribute(attribute) ? VECTOR_PARTS : [null];
    for (const part of parts) {
      options.push({ key: part ? `${attribute}:${part}` : attribute, label: `${attributeLabelWithUnit(attribute)}${partLabel(part)}`, quantity: { kind: 'attribute', attribute, part } });
    }
  }
  if (sensor.kind === 'surface') {
    for (const integral of SURFACE_SENSOR_INTEGRALS) {
      const parts = VECTOR_INTEGRALS.has(integral) ? VECTOR_PARTS : [null];
      for (const part of parts) {
        options.push({ key: part ? `integral:${integral}:${part}` : `integral:${integral}`, label: `${integralLabel(integral)}${partLabel(part)}`, quantity: { kind: 'integral', integral, part } });
      }
    }
  }
  return options;
}

/** A scalar of a sensor value: the number itself, or the chosen part of a vector; null when it has none. */
export function scalarOf(value: SensorValue | null | undefined, part: VectorPart | null): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const [x, y, z] = value;
  const scalar = part === 'x' ? x : part === 'y' ? y : part === 'z' ? z : Math.hypot(x, y, z);
  return Number.isFinite(scalar) ? scalar : null;
}

/** The quantity per output, ascending; outputs where it has no value (no fluid near the sensor) are left out. */
export function sensorSeries(results: CustomSensor['results'], quantity: SensorQuantity): { x: number; y: number }[] {
  return results
    .map((r) => ({
      x: r.outputNo,
      y: quantity.kind === 'attribute' ? scalarOf(r.values[quantity.attribute], quantity.part) : scalarOf(r.integrals[quantity.integral], quantity.part),
    }))
    .filter((p): p is { x: number; y: number } => p.y !== null)
    .sort((a, b) => a.x - b.x);
}

/**
 * The chart window of one quantity of one sensor: point sensors give the value at the point, surface
 * sensors the area-weighted mean over their wetted surface (operation 'mean') or an integral ('integral').
 */
export function sensorChartWindow(entry: CustomSensor, option: SensorQuantityOption): ChartWindow {
  const { sensor } = entry;
  const { quantity } = option;
  const attribute = quantity.kind === 'attribute' ? quantity.attribute : integratedQuantities[quantity.integral].source;
  const datasetId = `${sensor.id}-${option.key.replaceAll(':', '-')}`;
  const what = quantity.kind === 'attribute' ? resultAttributes[quantity.attribute].label : integratedQuantities[quantity.integral].label;
  return {
    id: `sensor-chart-${datasetId}`,
    attribute,
    datasets: [
      {
        id: datasetId,
        operation: quantity.kind === 'integral' ? 'integral' : 'mean',
        attribute,
        subAttribute: quantity.part,
        objs: [sensor.id],
        data: sensorSeries(entry.results, quantity),
      },
    ],
    layout: {
      name: `${what}${partLabel(quantity.part)} · ${sensor.name}`,
      xAxis: 'time',
      yLabel: option.label,
      minY: null,
      maxY: null,
      interpolation: 'linear',
      timeIndicator: true,
      datasetLayouts: { [datasetId]: defaultDatasetLayout(0, sensor.name) },
    },
  };
}
