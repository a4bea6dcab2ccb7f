-- The cluster's roles as a hosted Supabase project has them, run once by the superuser supabase_admin.
-- `postgres` is not a superuser: it owns the project's database and runs the migrations. The API roles
-- inherit, and are reached only by switching from the `authenticator` login, which loads the safe-update
-- rule (see safe_update.c) and carries hosted's statement timeouts.
create role postgres login createrole createdb replication bypassrls;
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set session_preload_libraries = :'safe_update_library';
