/**
 * Storage's own error dialect, as supabase/storage renders it: a body `{ statusCode, code, error,
 * message }` whose `statusCode` is a string naming the real status, sent with HTTP 400 (500 for
 * internal errors). supabase-js turns it into a StorageApiError carrying both.
 */

export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'ResourceNotEmpty'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidMimeType'
  | 'KeyAlreadyExists'
  | 'BucketAlreadyExists'
  | 'InvalidSignature'
  | 'AccessDenied'
  | 'DatabaseError'
  | 'MissingParameter'
  | 'InvalidParameter'

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    /** The status named in the body. */
    readonly statusCode: number,
    message: string,
    /** The legacy `error` field; the code when unset. */
    readonly error?: string,
    /** The HTTP status; 400 unless the error is internal, as on hosted. */
    readonly httpStatus = statusCode >= 500 ? 500 : 400,
  ) {
    super(message)
    this.name = 'StorageError'
  }

  render() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error ?? this.code,
      message: this.message,
    }
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, message),
  accessDenied: (message = 'Access denied') =>
    new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  invalidRequest: (message = 'Invalid Request') => new StorageError('InvalidRequest', 400, message),
  missingParameter: (name: string) =>
    new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    new StorageError('EntityTooLarge', 413, `The ${entity} exceeded ${limit}`, 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      `mime type ${mimeType} is not supported`,
      'invalid_mime_type',
    ),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidFileSizeLimit: () =>
    new StorageError(
      'InvalidRequest',
      400,
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  duplicate: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageError('InvalidSignature', 400, message),
  noContent: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  imageProcessing: (message: string) => new StorageError('InvalidRequest', 400, message),
  internal: (message = 'Internal server error') => new StorageError('InternalError', 500, message),
}

/** A PostgreSQL error from a storage query, in Storage's words (as its DBError.fromDBError does). */
export function fromDbError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  const e = error as { code?: string; message?: string }
  switch (e?.code) {
    case '42501':
      return ERRORS.accessDenied(
        e.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (e.message ?? 'Access denied'),
      )
    case '23505':
      return ERRORS.duplicate()
    case '22P02':
      return ERRORS.invalidParameter('value', e.message)
    default:
      if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
        return new StorageError('DatabaseError', 500, `database error, code: ${e.code}`)
      }
      return ERRORS.internal()
  }
}

/** jose's words, which hosted Storage passes on. */
export function jwtMessage(error: unknown): string {
  const reason = (error as { reason?: string }).reason
  if (reason === 'expired') return '"exp" claim timestamp check failed'
  if (reason === 'invalid_signature') return 'signature verification failed'
  return (error as Error)?.message || 'Invalid JWT'
}
