// The one multipart upload with progress of the web app (fetch cannot report upload progress): sends a
// form with the bearer token, reports the fraction sent, stops on the signal, and resolves with the
// status and the parsed JSON body (null when there is none). Callers turn the answer into their records
// and errors; a lost connection is `XhrUploadNetworkError`, a cancel an AbortError.

export class XhrUploadNetworkError extends Error {
  constructor() {
    super('The connection to the server failed.');
    this.name = 'XhrUploadNetworkError';
  }
}

export interface XhrUploadAnswer {
  status: number;
  body: unknown;
}

function cancelled(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function xhrUpload(url: string, token: string, form: FormData, options: { onProgress: (fraction: number) => void; signal: AbortSignal }): Promise<XhrUploadAnswer> {
  const { onProgress, signal } = options;
  return new Promise<XhrUploadAnswer>((resolve, reject) => {
    if (signal.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(cancelled());
    };
    xhr.onerror = () => {
      done();
      reject(new XhrUploadNetworkError());
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.send(form);
  });
}
