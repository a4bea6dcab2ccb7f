-- After bootstrap.sql (run by supabase_admin in the project's database): what hosted hands the
-- non-superuser postgres on the platform's schemas, so the migrations, the seed and the auth server run
-- as postgres exactly as they do on a project.
grant all on schema auth, storage, extensions, realtime, graphql_public to postgres;
grant all on all tables in schema auth, storage to postgres;
grant all on all sequences in schema auth, storage to postgres;
grant all on all functions in schema auth, storage to postgres;
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;
alter publication supabase_realtime owner to postgres;
