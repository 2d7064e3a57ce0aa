import path from 'node:path';
import { instanceKey } from './instance-key';
import { createLocalStorage, type Storage } from './storage';
import { createS3Storage } from './storage-s3';

interface StorageEnv {
  DATA_DIR: string;
  HOST: string;
  PORT: number;
  SESSION_SECRET: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

/** S3-compatible object storage when S3_ENDPOINT and S3_BUCKET are set; otherwise DATA_DIR/uploads. */
export function createStorage(env: StorageEnv): Storage {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
      secret: env.SESSION_SECRET,
    });
  }
  return createLocalStorage(path.resolve(env.DATA_DIR, 'uploads'), env.SESSION_SECRET, instanceKey(env));
}
