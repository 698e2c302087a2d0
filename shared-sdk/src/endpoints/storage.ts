import { endpoint } from '../endpoint';

// File uploads (multipart: sent with `upload()`, not `call()`).
export const storageEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/storage/upload',
    query: 'storageUploadQuerySchema',
    response: 'storedFileSchema',
    status: 201,
  }),
  widgetAttachment: endpoint({
    method: 'POST',
    path: '/api/widget/attachments',
    response: 'storedFileSchema',
    status: 201,
  }),
};
