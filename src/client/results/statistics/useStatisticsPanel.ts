// Everything the statistics panel shows and does for one simulation: the objects of the shown output,
// the selection and its status, what stats.info offers, the range errors, Load (stats.calc, its replies
// applied at most every 120 ms) and Cancel (stats.cancel). The computing happens on the server.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import useSWR from 'swr';
import type { OutputListEntry } from '../../../domain/runOutputs.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import type { SelectionStatus } from '../../../domain/statistics.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { useRealtimeChannel } from '../../realtime/useSimulationEvents.ts';
import { throttleLatest } from './progressThrottle.ts';
import { StatisticsChannel } from './statisticsChannel.ts';
import {
  calcCommand,
  fullRanges,
  loadState,
  outputContext,
  outputsToCompute,
  rangeErrors,
  reconcileDraft,
  type LoadState,
  type OutputContext,
  type RangeError,
} from './statisticsConfig.ts';
import { applyReply, failedResult, startedResult, type StatisticsReplyMessage } from './statisticsResult.ts';
import { effectiveSelection, selectionLabel, selectionStatus, statisticsObjects, statisticsTargets, type StatisticsObject } from './statisticsSelection.ts';
import type { StatsInfoReply } from '../../../domain/statisticsMessages.ts';
import { useStatisticsStore } from './store.ts';

export interface StatisticsPanelInputs {
  simulationId: string;
  outputs: readonly OutputListEntry[];
  setup: SetupDocument | undefined;
  setupLoading: boolean;
  /** The output the viewer shows. */
  currentOutput: number | null;
  /** The viewer's selection (objects picked in the canvas), if the screen has one. */
  viewerSelection: readonly string[];
}

export interface StatisticsPanelModel {
  ctx: OutputContext;
  objects: StatisticsObject[];
  /** The objects analysed: the viewer's selection where it names offered objects, else the panel's. */
  selection: string[];
  selectionFromViewer: boolean;
  status: SelectionStatus;
  info: StatsInfoReply | null;
  /** Why stats.info gave nothing (missing output, a failed request). */
  infoError: string | null;
  rangeErrors: RangeError[];
  load: LoadState;
  running: boolean;
  onLoad: () => void;
  onCancel: () => void;
}

export function useStatisticsPanel(inputs: StatisticsPanelInputs): StatisticsPanelModel {
  const { simulationId, outputs, setup, setupLoading, currentOutput, viewerSelection } = inputs;
  const realtime = useRealtimeChannel();
  const channel = useMemo(() => new StatisticsChannel(realtime, simulationId), [realtime, simulationId]);
  const open = useStatisticsStore((s) => s.open);
  useEffect(() => open(simulationId), [open, simulationId]);
  const draft = useStatisticsStore((s) => s.draft);
  const failedMasks = useStatisticsStore((s) => s.failedMasks);
  const result = useStatisticsStore((s) => s.result);
  const updateDraft = useStatisticsStore((s) => s.updateDraft);
  const initialiseRanges = useStatisticsStore((s) => s.initialiseRanges);

  const interval = setup?.settings.outputTimeInterval ?? 0;
  const ctx = useMemo(() => outputContext(outputs, interval, currentOutput), [outputs, interval, currentOutput]);
  useEffect(() => {
    if (ctx.lastOutput !== null && setup) initialiseRanges(fullRanges(ctx));
  }, [ctx, setup, initialiseRanges]);

  // The shown output's meta.json names its objects and the sensors computed for it; read again when its
  // sensor state changes (Compute Sensors) or a new run replaces it.
  const entry = outputs.find((o) => o.outputNo === ctx.currentOutput);
  const metaKey = ctx.currentOutput === null ? null : (['statistics-meta', simulationId, ctx.currentOutput, entry?.runId ?? '', entry?.states.sensor ?? ''] as const);
  const meta = useSWR(metaKey, ([, , outputNo]) => channel.outputMeta(outputNo), { revalidateOnFocus: false, keepPreviousData: true });
  const metaLoading = metaKey !== null && meta.data === undefined && !meta.error;

  const objects = useMemo(() => statisticsObjects(meta.data ?? null, setup ?? null), [meta.data, setup]);
  const selection = useMemo(() => effectiveSelection(viewerSelection, draft.selection, objects), [viewerSelection, draft.selection, objects]);
  const selectionFromViewer = selection.length > 0 && selection.every((id) => viewerSelection.includes(id));
  const targets = useMemo(() => statisticsTargets(selection, objects), [selection, objects]);
  const failed = useMemo(() => new Set(failedMasks), [failedMasks]);
  const statusContext = {
    objects, meta: meta.data ?? null, metaLoading, setupLoading, sensorState: entry?.states.sensor ?? null, failedMasks: failed,
  };
  const baseStatus = selectionStatus(selection, { ...statusContext, operationsLoading: false });

  // What the selection offers (attributes, sub-options, operations), asked once the selection is usable.
  const infoKey = baseStatus === 'valid' && ctx.currentOutput !== null ? (['statistics-info', simulationId, ctx.currentOutput, ...targets.objIds] as const) : null;
  // While playback moves to another output, the same objects keep offering what they offered: the
  // answer for the previous output stands until the new one arrives, so the table does not flicker. An
  // answer about other objects is never used.
  const objectsKey = targets.objIds.join('\n');
  const infoAnswer = useSWR(
    infoKey,
    async ([, , outputNo, ...objIds]) => ({ objectsKey: objIds.join('\n'), answer: await channel.info(outputNo, objIds) }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  const answer = infoKey !== null && infoAnswer.data?.objectsKey === objectsKey ? infoAnswer.data.answer : undefined;
  const info = answer?.type === 'stats.info.resp' ? answer : null;
  const infoError = infoAnswer.error ? errorMessage(infoAnswer.error) : answer?.type === 'stats.info.missing_output' ? MESSAGES.statsMissingData : null;
  const status: SelectionStatus = baseStatus === 'valid' && infoKey !== null && answer === undefined && !infoAnswer.error ? 'operationsLoading' : baseStatus;

  useEffect(() => {
    if (!info) return;
    const current = useStatisticsStore.getState().draft;
    const reconciled = reconcileDraft(current, info);
    if (reconciled !== current) updateDraft({ attribute: reconciled.attribute, subAttribute: reconciled.subAttribute, operations: reconciled.operations });
  }, [info, updateDraft]);

  const errors = rangeErrors(draft, ctx);
  const load = loadState(draft, status, ctx);
  const running = result?.state === 'running';

  // Replies are buffered and applied together at most every 120 ms; the final state is applied at once.
  const stream = useRef<{ calcId: string; stop: () => void } | null>(null);
  useEffect(() => () => stream.current?.stop(), []);

  const onLoad = useCallback(() => {
    if (!load.enabled || draft.attribute === null) return;
    const store = useStatisticsStore.getState();
    const previous = store.result;
    if (previous?.state === 'running') void channel.cancel(previous.calcId).catch(() => undefined);
    stream.current?.stop();
    const calcId = crypto.randomUUID();
    const outputsList = outputsToCompute(draft, ctx);
    const command = calcCommand(simulationId, calcId, draft, targets, outputsList);
    store.setResult(
      startedResult({
        calcId, attribute: draft.attribute, subAttribute: command.subAttribute, selection, selectionLabel: selectionLabel(selection, objects),
        operations: [...draft.operations], outputs: outputsList,
      }),
    );
    let buffered: StatisticsReplyMessage[] = [];
    const apply = () => {
      const replies = buffered;
      buffered = [];
      if (replies.length > 0) useStatisticsStore.getState().updateResult((r) => replies.reduce(applyReply, r));
    };
    const throttle = throttleLatest<null>(apply);
    let stopped = false;
    stream.current = {
      calcId,
      stop: () => {
        stopped = true;
        throttle.cancel();
      },
    };
    channel
      .calc(command, (reply) => {
        if (stopped) return;
        if (reply.type === 'masking_error') useStatisticsStore.getState().markMaskFailed(reply.mask);
        buffered.push(reply);
        if (reply.type === 'stats.state') throttle.flush();
        else throttle.push(null);
      })
      .then(() => {
        throttle.flush();
        const done = useStatisticsStore.getState().result;
        if (!stopped && done?.calcId === calcId && done.state === 'completed') useStatisticsStore.getState().chartResult(done);
      })
      .catch(() => {
        throttle.flush();
        if (!stopped) useStatisticsStore.getState().updateResult((r) => (r.calcId === calcId ? failedResult(r) : r));
      });
  }, [load.enabled, draft, ctx, simulationId, targets, selection, objects, channel]);

  const onCancel = useCallback(() => {
    const current = useStatisticsStore.getState().result;
    if (current?.state !== 'running') return;
    // The server answers with the computation's final state 'canceled' on its stream.
    channel.cancel(current.calcId).catch(() => useStatisticsStore.getState().updateResult((r) => (r.calcId === current.calcId ? applyReply(r, { type: 'stats.state', simId: simulationId, calcId: r.calcId, state: 'canceled', progress: r.progress, error: MESSAGES.statsCancelled }) : r)));
  }, [channel, simulationId]);

  return { ctx, objects, selection, selectionFromViewer, status, info, infoError, rangeErrors: errors, load, running, onLoad, onCancel };
}
