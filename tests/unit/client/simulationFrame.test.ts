import { describe, expect, it } from 'vitest';
import { defaultMode, modeFromRoute, modeUnavailableReason, simulationPath } from '../../../src/client/simulation/modes.ts';
import { panelDisabledReason, sidebarWidth, visiblePanels } from '../../../src/client/simulation/sidebarPanels.ts';

const base = { state: 'not_started' as const, uploadedSetup: false, activeRunId: null };

describe('simulation modes', () => {
  it('maps routes to modes and back', () => {
    expect(modeFromRoute('preprocessor')).toBe('setup');
    expect(modeFromRoute('dashboard')).toBe('monitor');
    expect(modeFromRoute('postprocessor')).toBe('results');
    expect(modeFromRoute('viewer')).toBeNull();
    expect(simulationPath('abc', 'results')).toBe('/simulation/abc/postprocessor');
  });

  it('closes Results until started, and Setup and Results for uploaded setups', () => {
    expect(modeUnavailableReason(base, 'setup')).toBeNull();
    expect(modeUnavailableReason(base, 'monitor')).toBeNull();
    expect(modeUnavailableReason(base, 'results')).toBe('Please start the simulation first.');
    expect(modeUnavailableReason({ ...base, state: 'completed', activeRunId: 'run' }, 'results')).toBeNull();
    const uploaded = { ...base, state: 'completed' as const, activeRunId: 'run', uploadedSetup: true };
    expect(modeUnavailableReason(uploaded, 'setup')).not.toBeNull();
    expect(modeUnavailableReason(uploaded, 'results')).not.toBeNull();
    expect(modeUnavailableReason(uploaded, 'monitor')).toBeNull();
  });

  it('opens uploaded setups on the dashboard and others in the setup', () => {
    expect(defaultMode({ uploadedSetup: true })).toBe('monitor');
    expect(defaultMode({ uploadedSetup: false })).toBe('setup');
  });
});

describe('right sidebar', () => {
  it('shows jobs, checklist, info and history only on setup and results', () => {
    expect(visiblePanels('setup')).toEqual(['jobs', 'checklist', 'alerts', 'download', 'info', 'history']);
    expect(visiblePanels('results')).toEqual(['jobs', 'checklist', 'alerts', 'download', 'info', 'history']);
    expect(visiblePanels('monitor')).toEqual(['alerts', 'download']);
  });

  it('disables the checklist on results and download until started', () => {
    expect(panelDisabledReason('checklist', 'results', 'completed')).not.toBeNull();
    expect(panelDisabledReason('checklist', 'setup', 'not_started')).toBeNull();
    expect(panelDisabledReason('download', 'monitor', 'not_started')).not.toBeNull();
    expect(panelDisabledReason('download', 'monitor', 'running')).toBeNull();
  });

  it('has the spec widths', () => {
    expect(sidebarWidth(null)).toBe(50);
    expect(sidebarWidth('start')).toBe(400);
    expect(sidebarWidth('alerts')).toBe(350);
    expect(sidebarWidth('download')).toBe(350);
    expect(sidebarWidth('jobs')).toBe(300);
    expect(sidebarWidth('info')).toBe(300);
  });
});
