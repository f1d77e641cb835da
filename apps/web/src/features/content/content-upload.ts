import { API_BASE, CONTENT_TYPES, contentEndpoints, pathOf, type Content, type ContentType } from '@atelier/shared';
import { tokenStore } from '../../lib/token-store';

export interface UploadFields {
  title: string;
  description?: string;
  contentType: ContentType;
  categoryId?: string;
  /** Comma-separated, as the server reads them. */
  tags?: string;
  isPrivate: boolean;
  /** Rated mature (absent: general). */
  isMature?: boolean;
}

export interface UploadReply {
  status: number;
  body: { data?: Content; message?: string } | null;
}

/** The content type a file most likely is, from what the browser says about it; the server decides by its bytes. */
export function guessContentType(file: Pick<File, 'type' | 'name'>): ContentType {
  const type = file.type.toLowerCase();
  if (type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return 'vector';
  if (type === 'image/gif') return 'gif';
  if (type.startsWith('video/')) return 'video';
  return 'photo';
}

/** "harbour-at-dusk_02.png" → "harbour at dusk 02": a starting title the person can change. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return base.slice(0, 100);
}

export const isContentType = (value: string): value is ContentType =>
  (CONTENT_TYPES as readonly string[]).includes(value);

function formOf(file: File, fields: UploadFields): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  if (fields.description) form.append('description', fields.description);
  form.append('contentType', fields.contentType);
  if (fields.categoryId) form.append('categoryId', fields.categoryId);
  if (fields.tags) form.append('tags', fields.tags);
  form.append('isPrivate', String(fields.isPrivate));
  if (fields.isMature) form.append('rating', 'mature');
  // The file goes last so the fields are read before the (possibly large) body.
  form.append('file', file);
  return form;
}

/**
 * POST /content through XMLHttpRequest, because fetch cannot report upload progress. Resolves with
 * the status and JSON body whatever the status; rejects only when the request never completed.
 */
export function sendUpload(
  file: File,
  fields: UploadFields,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contentEndpoints.upload.method, `${API_BASE}${pathOf(contentEndpoints.upload)}`);
    const token = tokenStore.access();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      let body: UploadReply['body'] = null;
      try {
        body = JSON.parse(xhr.responseText) as UploadReply['body'];
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formOf(file, fields));
  });
}
