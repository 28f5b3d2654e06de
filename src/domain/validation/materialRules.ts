// Material rules (spec 1 §5 'Material') in both profiles: physical property ranges, thermal properties
// only with heat transfer, viscosity by kind.
import type { Material } from '../material.ts';
import { limitsFor, type ValidationProfile } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { nameIssue } from './names.ts';
import { checkTableReference, type TableLookup } from './tables.ts';

export interface MaterialRuleOptions {
  profile: ValidationProfile;
  /** Heat transfer (settings.thermodynamics) is on. */
  thermodynamics: boolean;
  tables?: TableLookup;
  /** Names of the other materials, for uniqueness. */
  otherNames?: readonly string[];
}

export function materialIssues(material: Material, options: MaterialRuleOptions): FieldIssue[] {
  const L = limitsFor(options.profile);
  const list = new IssueList();
  const nameMessage = nameIssue(material.name, options.otherNames);
  if (nameMessage) list.error('name', nameMessage);
  list.range('density', material.density, L.density);
  list.range('gamma', material.gamma, L.gamma);
  list.range('speedOfSound', material.speedOfSound, L.speedOfSound);
  if (options.thermodynamics) {
    list.range('thermalConductivity', material.thermalConductivity, L.thermalConductivity);
    list.range('specificHeatCapacity', material.specificHeatCapacity, L.specificHeatCapacity);
  }
  switch (material.viscosityKind) {
    case 'constant':
      list.range('kinematicViscosity', material.kinematicViscosity, L.kinematicViscosity);
      break;
    case 'shear_rate':
      checkTableReference(list, 'viscosityShearRateTableId', material.viscosityShearRateTableId, options.tables);
      break;
    case 'temperature':
      if (!options.thermodynamics) list.error('viscosityKind', MESSAGES.temperatureViscosityNeedsHeat);
      checkTableReference(list, 'viscosityTemperatureTableId', material.viscosityTemperatureTableId, options.tables);
      break;
  }
  return list.issues;
}
