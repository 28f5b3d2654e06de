// Sentences the Setup preview shows where it cannot run; shared by the page and the preview worker.

export const PREVIEW_MESSAGES = {
  noWebGpu: 'Preview needs WebGPU, which this browser does not offer.',
  noAdapter: 'Preview needs WebGPU, but this browser found no GPU it may use for it.',
  workerFailed: 'The preview could not start its worker in this browser.',
} as const;
