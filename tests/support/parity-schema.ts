/**
 * A small fixture schema for PostgREST parity tests, shaped after PostgREST's own test fixtures (names
 * and data as in its test/spec/fixtures, so each answer can be compared with its feature specs). Owned
 * by a non-superuser role with explicit grants, as on hosted projects.
 */
import type { LocalDb } from '../../supabase/local/db'

export const paritySchemaSql = `
-- Roles are shared by every database of a PostgreSQL cluster: another test file may be making it.
do $do$ begin create role parity_owner nologin; exception when duplicate_object or unique_violation then null; end $do$;
-- On PostgreSQL the owner connection is not a superuser: it switches roles by membership.
grant parity_owner to current_user;
grant usage, create on schema public to parity_owner;
set role parity_owner;

-- A category tree (self-reference) and a view over it.
create table public.categories (
  id integer primary key,
  parent_id integer references public.categories (id),
  name text not null
);
create view public.categories_view as select id, parent_id, name from public.categories;

-- PostgREST's own self-referencing fixture.
create table public.family_tree (
  id text not null primary key,
  name text not null,
  parent text
);
alter table only public.family_tree add constraint pptr foreign key (parent) references public.family_tree (id);

create table public.items (id bigint primary key);

create table public.tiobe_pls (name text primary key, rank smallint);

create table public.surr_serial_upsert (id serial primary key, name text, extra text);

create table public.defaults_upsert (
  id integer primary key,
  name text,
  note text default 'fallback'
);

-- Scalar and overloaded functions.
create function public.add_them(a integer, b integer) returns integer
  language sql immutable as $$ select a + b $$;
create function public.unnamed_json_param(json) returns json language sql as $$ select $1 $$;
create function public.named_json_param(data json) returns json language sql as $$ select data $$;
create function public.overloaded_unnamed_param(json) returns json language sql as $$ select $1 $$;
create function public.overloaded_unnamed_param() returns integer language sql as $$ select 1 $$;
create function public.overloaded_unnamed_param(x integer, y integer) returns integer
  language sql as $$ select x + y $$;

-- Functions that write (max-affected).
create function public.delete_items_returns_setof() returns setof public.items
  language sql as $$ delete from public.items where id <= 15 returning * $$;
create function public.delete_items_returns_void() returns void
  language sql as $$ delete from public.items where id > 0 $$;

-- A circular pair of keys (ambiguous embeds).
create table public.agents (id integer primary key, name text, department_id integer);
create table public.departments (id integer primary key, name text, head_id integer references public.agents (id));
alter table public.agents add constraint agents_department_id_fkey
  foreign key (department_id) references public.departments (id);

-- Computed relationships: functions taking a row and returning rows of another table.
create table public.designers (id integer primary key, name text);
create table public.videogames (id integer primary key, name text, designer_id integer references public.designers (id));
create function public.computed_designers(public.videogames) returns setof public.designers
  language sql stable rows 1 as $$ select * from public.designers where id = $1.designer_id $$;
create function public.computed_designers_noset(public.videogames) returns public.designers
  language sql stable as $$ select * from public.designers where id = $1.designer_id $$;
create function public.computed_videogames(public.designers) returns setof public.videogames
  language sql stable as $$ select * from public.videogames where designer_id = $1.id $$;
create function public.getallvideogames() returns setof public.videogames
  language sql stable as $$ select * from public.videogames $$;

-- Views over functions whose row estimates are fixed (ROWS), as PostgREST's getallprojects fixtures:
-- the planner's count differs from the exact one the same way on every engine.
create function public.all_videogames() returns setof public.videogames
  language sql rows 2019 as $$ select * from public.videogames $$;
create view public.all_videogames_view as select * from public.all_videogames();
create function public.videogames_above(id integer) returns setof public.videogames
  language sql rows 1 as $$ select * from public.videogames v where v.id > $1 $$;
create view public.videogames_above_view as select * from public.videogames_above(1);

-- Projects and their invoices (PostgREST's aggregate fixtures).
create table public.projects (id integer primary key, name text not null, client_id integer);
create table public.project_invoices (
  id integer primary key,
  invoice_total numeric not null,
  project_id integer references public.projects (id)
);
create table public.factories (id integer primary key, name text not null);
create table public.factory_buildings (
  id integer primary key,
  size integer not null,
  type text not null,
  factory_id integer references public.factories (id)
);

-- Errors raised in the database.
create function public.raise_pt402() returns void language plpgsql as $$
begin
  raise sqlstate 'PT402' using message = 'Payment Required', detail = 'Quota exceeded', hint = 'Upgrade your plan';
end $$;
create function public.raise_bad_pt() returns void language plpgsql as $$
begin raise sqlstate 'PT40A' using message = 'Wrong'; end $$;
create function public.raise_sqlstate_test1() returns void language plpgsql as $$
begin
  raise sqlstate 'PGRST' using
    message = '{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}',
    detail = '{"status":332,"status_text":"My Custom Status","headers":{"X-Header":"str"}}';
end $$;
create function public.raise_sqlstate_invalid_json_message() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using message = 'INVALID', detail = '{"status":332,"headers":{"X-Header":"str"}}'; end $$;
create function public.raise_sqlstate_missing_details() returns void language plpgsql as $$
begin raise sqlstate 'PGRST' using message = '{"code":"123","message":"ABC"}'; end $$;
create function public.bad_guc_headers() returns void language sql as $$
  select set_config('response.headers', '[{"X-Test": "a", "X-Other": "b"}]', true); $$;
create function public.bad_guc_status() returns void language sql as $$
  select set_config('response.status', 'bad', true); $$;

-- A table only signed-in users may read.
create table public.members_only (id integer primary key);

reset role;

grant usage on schema public to anon, authenticated, service_role;
grant select, insert, update, delete on all tables in schema public to anon, authenticated, service_role;
grant usage on all sequences in schema public to anon, authenticated, service_role;
grant execute on all functions in schema public to anon, authenticated, service_role;
revoke all on public.members_only from anon, authenticated;

insert into public.categories values
  (1, null, 'Clothing'), (2, 1, 'Dresses'), (3, 1, 'Shirts'), (4, null, 'Shoes'), (5, 4, 'Sandals'),
  (6, 4, 'Bags, "small" (leather)'), (7, 4, 'back\\slash');
insert into public.items select generate_series(1, 20);
insert into public.family_tree values
  ('1', 'Parental Unit', null), ('2', 'Kid One', '1'), ('3', 'Kid Two', '1'),
  ('4', 'Grandkid One', '2'), ('5', 'Grandkid Two', '3');
insert into public.tiobe_pls values ('Java', 1), ('C', 2), ('Python', 4);
insert into public.surr_serial_upsert (name, extra) values ('value', 'existing value');
insert into public.defaults_upsert values (1, 'first', 'kept until replaced');
insert into public.departments values (1, 'Sales', null);
insert into public.agents values (1, 'Wanjiru', 1);
update public.departments set head_id = 1 where id = 1;
insert into public.designers values (1, 'Sid Meier'), (2, 'Hironobu Sakaguchi');
insert into public.videogames values
  (1, 'Civilization I', 1), (2, 'Civilization II', 1), (3, 'Final Fantasy I', 2), (4, 'Final Fantasy II', 2);
insert into public.projects values
  (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2), (5, 'Orphan', null);
insert into public.project_invoices values
  (1, 100, 1), (2, 200, 1), (3, 500, 2), (4, 700, 2), (5, 1200, 3), (6, 2000, 3), (7, 100, 4), (8, 4000, 4);
insert into public.factories values (1, 'Factory A'), (2, 'Factory B');
insert into public.factory_buildings values (1, 150, 'A', 1), (2, 200, 'B', 1), (3, 50, 'A', 2);
-- Planner statistics, as a table in use has them.
analyze public.items, public.videogames, public.designers;
`

export async function installParitySchema(db: LocalDb) {
  await db.pg.exec(paritySchemaSql)
}
