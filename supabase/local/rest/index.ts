export { createRestHandler, type RestDeps, type RestHandler } from './handler'
export { ApiError } from './errors'
export { loadSchemaCache, type SchemaCache } from './schema-cache'
