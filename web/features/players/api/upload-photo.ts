import { playersApi } from '@contract/api/players';
import { call } from '@/lib/api-client';

/** POST /api/upload (multipart field "file"); the answer holds the stored photo's url. */
export async function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(playersApi.uploadPhoto, { body });
}
