/** Notified by the database whenever the catalogue's revision changes (see the migration). */
export const CATALOGUE_CHANNEL = 'catalogue_changed'
