import { ApiError } from '@/lib/api-client';

/**
 * fetch cannot report upload progress; XMLHttpRequest can. Resolves with the parsed JSON body of a
 * 2xx answer; rejects with an ApiError carrying the server's message otherwise.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload failed'));
    xhr.onload = () => {
      let body: any;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        return reject(
          new ApiError(
            xhr.status,
            xhr.status >= 200 && xhr.status < 300
              ? 'Invalid response from server'
              : xhr.responseText || 'Upload failed',
          ),
        );
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        if (body === undefined) return reject(new ApiError(xhr.status, 'Invalid response from server'));
        return resolve(body as T);
      }
      reject(
        new ApiError(
          xhr.status,
          body?.message ?? body?.error ?? 'Upload failed',
          body?.code,
          body?.errors,
          body,
        ),
      );
    };
    xhr.send(form);
  });
}
