-- Product photos in Supabase Storage: one public bucket that everyone reads and only staff write.

/**
 * The product-photo bucket. Public, so the store and its service worker fetch pictures (and their
 * resized variants) without a token. Uploads are limited to 5 MB of JPEG, PNG, WebP or AVIF; AVIF
 * detection lets the image endpoint answer browsers that accept AVIF with AVIF.
 */
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types, avif_autodetection)
values (
  'product-photos',
  'product-photos',
  true,
  5242880,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
  false
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Everyone can see product photos"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'product-photos');

create policy "Staff can upload product photos"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'product-photos' and (select public.has_role('manager')));

create policy "Staff can replace product photos"
  on storage.objects for update to authenticated
  using (bucket_id = 'product-photos' and (select public.has_role('manager')))
  with check (bucket_id = 'product-photos' and (select public.has_role('manager')));

create policy "Staff can delete product photos"
  on storage.objects for delete to authenticated
  using (bucket_id = 'product-photos' and (select public.has_role('manager')));
