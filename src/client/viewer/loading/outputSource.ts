// Where an output folder comes from: a URL served over HTTP (with the request headers it needs, such as a
// bearer token), or a folder picked on the local disk. Both resolve `meta.json` and the typed-array
// files named in it. A source has a key: the same folder read again is the same key, so cached outputs
// are found again, and a different folder never matches a cached one.
import { outputMetaSchema, type OutputMeta } from '../../../domain/output.ts';
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
  | { kind: 'directory'; handle: FileSystemDirectoryHandle }
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

function urlOf(source: UrlOutputSource, name: string): string {
  const folder = name === 'meta.json' ? source.baseUrl : (source.filesUrl ?? source.baseUrl);
  return `${new URL(encodeURIComponent(name), folder).href}${source.search ?? ''}`;
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
  const handle = await source.handle.getFileHandle(name);
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
