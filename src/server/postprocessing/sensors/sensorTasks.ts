// The setup's sensors as the post-processing process computes them: point sensors with their position,
// surface sensors with their world-space triangles (stored meshes read from the uploads).
import type { Sensor } from '../../../domain/sensor.ts';
import { float32Mesh, meshOfDefinition, type UploadReader } from '../meshes.ts';
import type { SensorTask } from './computeSensors.ts';

export async function sensorTasksOf(sensors: readonly Sensor[], read: UploadReader): Promise<{ tasks: SensorTask[]; unavailable: Sensor[] }> {
  const tasks: SensorTask[] = [];
  const unavailable: Sensor[] = [];
  for (const sensor of sensors) {
    if (sensor.kind === 'point') {
      tasks.push({ id: sensor.id, name: sensor.name, kind: 'point', position: sensor.position, attributes: [...sensor.attributes] });
      continue;
    }
    const mesh = await meshOfDefinition(sensor.mesh, read).catch(() => null);
    if (!mesh || mesh.indices.length === 0) {
      unavailable.push(sensor);
      continue;
    }
    tasks.push({ id: sensor.id, name: sensor.name, kind: 'surface', ...float32Mesh(mesh), attributes: [...sensor.attributes] });
  }
  return { tasks, unavailable };
}
