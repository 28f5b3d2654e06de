// Where an output folder comes from: a URL served over HTTP (with the request headers it needs, such as a
// bearer token), or a folder picked on the local disk. Both resolve `meta.json` and the typed-array
// files named in it, with the domain's resolveOutputFile: beside meta.json (or under files/), or in the
// run's static folder (`../static/<name>`, the walls written once for every output). A source has a key:
// the same folder read again is the same key, so cached outputs are found again, and a different folder
// never matches a cached one.
import { STATIC_OUTPUTS_FOLDER, outputFileLocation, outputFolderName, outputMetaSchema, resolveOutputFile, type OutputMeta } from '../../../domain/output.ts';
import type { DecodeRequest, RequestHeaders } from './decodeWorker.ts';
import { failedRequestMessage } from './requestError.ts';

export type { RequestHeaders };

export interface UrlOutputSource {
  kind: 'url';
  /** Folder URL ending in '/': meta.json is read from here. */
  baseUrl: string;
  /** Folder of the typed-array files when they are not beside meta.json (the API keeps them under files/). */
  filesUrl?: string;
  /** Query string for every request, e.g. '?runId=…'. */
  search?: string;
  /** Headers for every request, asked for each time so that a refreshed token is the one sent. */
  headers?: () => Promise<RequestHeaders> | RequestHeaders;
}

export type OutputSource =
  | UrlOutputSource
  /** A picked output folder; `staticHandle` is the run's `outputs/static` folder, for outputs that name files there. */
  | { kind: 'directory'; handle: FileSystemDirectoryHandle; staticHandle?: FileSystemDirectoryHandle }
  /** Files by the name meta.json gives them (`../static/<name>` for those of the static folder). */
  | { kind: 'files'; files: Map<string, Blob> };

const folderUrl = (url: string) => (url.endsWith('/') ? url : `${url}/`);

export function outputSourceFromUrl(
  url: string,
  base: string = globalThis.location?.href ?? 'http://localhost/',
  options: Omit<UrlOutputSource, 'kind' | 'baseUrl'> = {},
): OutputSource {
  const resolved = folderUrl(new URL(url, base).href);
  const filesUrl = options.filesUrl === undefined ? undefined : folderUrl(new URL(options.filesUrl, resolved).href);
  return { kind: 'url', baseUrl: resolved, ...options, filesUrl };
}

/**
 * A folder picked on the local disk: an output folder (its static files are then out of reach), or the
 * outputs folder of a run, read as its first output with the static folder beside it.
 */
export async function directoryOutputSource(handle: FileSystemDirectoryHandle): Promise<OutputSource> {
  const has = async (open: () => Promise<unknown>) => open().then(() => true, () => false);
  if (await has(() => handle.getFileHandle('meta.json'))) return { kind: 'directory', handle };
  const first = await handle.getDirectoryHandle(outputFolderName(0)).catch(() => null);
  if (first === null) throw new Error(`${handle.name} holds neither meta.json nor output ${outputFolderName(0)}`);
  const staticHandle = await handle.getDirectoryHandle(STATIC_OUTPUTS_FOLDER).catch(() => null);
  return staticHandle ? { kind: 'directory', handle: first, staticHandle } : { kind: 'directory', handle: first };
}

const objectKeys = new WeakMap<object, string>();
let nextObjectKey = 1;

/** Identity of an output folder: its URLs for HTTP sources, the picked folder or file set otherwise. */
export function outputSourceKey(source: OutputSource): string {
  if (source.kind === 'url') return `url ${source.baseUrl} ${source.filesUrl ?? ''} ${source.search ?? ''}`;
  const target = source.kind === 'directory' ? source.handle : source.files;
  let key = objectKeys.get(target);
  if (!key) {
    key = `${source.kind} #${nextObjectKey++}`;
    objectKeys.set(target, key);
  }
  return key;
}

/** `name` is meta.json or a file as meta.json names it. */
export function urlOf(source: UrlOutputSource, name: string): string {
  if (name === 'meta.json') return `${new URL(name, source.baseUrl).href}${source.search ?? ''}`;
  return `${resolveOutputFile(source.filesUrl ?? source.baseUrl, name)}${source.search ?? ''}`;
}

async function headersOf(source: UrlOutputSource): Promise<RequestHeaders | undefined> {
  return source.headers ? await source.headers() : undefined;
}

/** What a decoding worker needs to read one file: its URL and headers (the worker fetches), or its bytes. */
export async function fileRequestSource(source: OutputSource, name: string): Promise<DecodeRequest['source']> {
  if (source.kind === 'url') {
    const headers = await headersOf(source);
    return headers ? { url: urlOf(source, name), headers } : { url: urlOf(source, name) };
  }
  if (source.kind === 'files') {
    const file = source.files.get(name);
    if (!file) throw new Error(`${name} is missing from the output folder`);
    return { file };
  }
  const location = name === 'meta.json' ? { folder: 'output' as const, name } : outputFileLocation(name);
  if (location === null) throw new Error(`${name} is not a file of an output folder`);
  const folder = location.folder === 'output' ? source.handle : source.staticHandle;
  if (!folder) throw new Error(`${name} lies in the run's static folder: open the outputs folder of the run to read it`);
  const handle = await folder.getFileHandle(location.name);
  return { file: await handle.getFile() };
}

export async function readOutputMeta(source: OutputSource): Promise<OutputMeta> {
  let text: string;
  if (source.kind === 'url') {
    const response = await fetch(urlOf(source, 'meta.json'), { headers: await headersOf(source) });
    if (!response.ok) throw new Error(await failedRequestMessage(response, 'meta.json'));
    text = await response.text();
  } else {
    const file = await fileRequestSource(source, 'meta.json');
    text = await (file as { file: Blob }).file.text();
  }
  return outputMetaSchema.parse(JSON.parse(text));
}
