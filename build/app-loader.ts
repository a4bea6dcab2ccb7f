/**
 * The app loader: the small classic script at the end of every page's body that loads the app's code (it
 * replaces the entry's module script and the modulepreloads Vite writes into index.html).
 *
 * - The first page's own code starts downloading with the app's, not after it: TanStack Router loads a
 *   route's component when the route is matched, which is only once the app's code has run, a whole round
 *   trip later on a slow link. The script looks up the page being opened in a table of routes and the
 *   files their components need (from the build) and adds a modulepreload for each.
 * - On a prebuilt page (its HTML already shows the page) nothing of the app is requested before the page
 *   has loaded and its first contentful paint is on screen (the browser's paint timing entry, which comes
 *   when the frame has been presented, not when it was drawn; a second at most after load): on a slow
 *   link the scripts (over 100 KB) would otherwise share the line with the page's pictures and hold back
 *   its largest paint. Taps meanwhile are kept (early-taps.ts) and the page is readable throughout. A
 *   picture that never finishes (a dropped connection) holds the app back 5 s at most. The app shell
 *   (cart, checkout, account: no page data) loads the code at once: its page is drawn by the app.
 * - The links are added a few at a time, in tasks of at most `SLICE_MS` (starting a request costs a cheap
 *   phone's main thread a few milliseconds: the twenty links of a listing page made one task of 40-80 ms
 *   at 4x CPU), and the entry's script once they are all in.
 */

import { SLICE_MS } from '../src/lib/preload-in-slices'

/** What the script is written from. */
export interface AppLoaderOptions {
  /** The assets' URL prefix (`/assets/`). */
  base: string
  /** The entry chunk's URL. */
  entry: string
  /** What the entry imports statically (modulepreloaded at once). */
  preloads: readonly string[]
  /** File names under `base`: a chunk without `.js`, a stylesheet with `.css`. */
  names: readonly string[]
  /** Each route's URL pattern and the files (indexes into `names`) its page needs. */
  table: ReadonlyArray<readonly [pattern: string, files: readonly number[]]>
}

export function appLoaderScript(options: AppLoaderOptions): string {
  const { base, entry, preloads, names, table } = options
  return `(function(f,t,e,m,b){var d=document,s=0;function k(r,h,a){var l=d.createElement('link');l.rel=r;l.href=h;if(a)l.as=a;l.crossOrigin='';d.head.appendChild(l)}function go(){if(s)return;s=1;var q=[];m.forEach(function(h){q.push(['modulepreload',h])});var p=location.pathname;t.forEach(function(r){if(new RegExp(r[0]).test(p))r[1].forEach(function(i){var n=f[i];if(!/\\.css$/.test(n))q.push(['modulepreload',b+n+'.js']);else if(!d.querySelector('link[href="'+b+n+'"]'))q.push(['preload',b+n,'style'])})});if(j)try{q.push(['preload',JSON.parse(j.textContent).snapshot,'fetch'])}catch(x){}function run(){var o=performance.now();while(q.length){var a=q.shift();k(a[0],a[1],a[2]);if(performance.now()-o>=${SLICE_MS})break}if(q.length){setTimeout(run,0);return}var c=d.createElement('script');c.type='module';c.crossOrigin='';c.src=e;d.body.appendChild(c)}run()}function later(){var o;function p(){setTimeout(go,0)}try{o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();p()}});o.observe({type:'paint',buffered:true})}catch(x){requestAnimationFrame(p)}setTimeout(go,1000)}var j=d.getElementById('luxe-prerendered');if(!j)go();else if(d.readyState==='complete')later();else{addEventListener('load',later,{once:true});setTimeout(go,5000)}})(${JSON.stringify(names)},${JSON.stringify(table)},${JSON.stringify(entry)},${JSON.stringify(preloads)},${JSON.stringify(base)})`
}

/** The same loader with only the routes `keep` accepts, and only the files those need (renumbered). */
export function loaderKeeping(
  options: AppLoaderOptions,
  keep: (pattern: string) => boolean,
): AppLoaderOptions {
  const names: string[] = []
  const table = options.table
    .filter(([pattern]) => keep(pattern))
    .map(([pattern, indexes]): [string, number[]] => [
      pattern,
      indexes.map((index) => {
        const name = options.names[index]!
        const at = names.indexOf(name)
        return at >= 0 ? at : names.push(name) - 1
      }),
    ])
  return { ...options, names, table }
}

/**
 * `html` (a page written from index.html) with its loader's route table cut to the routes `keep`
 * accepts. A prebuilt page is opened at its own path, so the other routes' rows (about 3 KB of every page,
 * compressed) only cost bytes and parsing. A page opened at a path whose row is gone still works: the
 * router loads the route's chunks itself when it matches it, only later.
 */
export function withLoaderKeeping(
  html: string,
  options: AppLoaderOptions,
  keep: (pattern: string) => boolean,
): string {
  const whole = appLoaderScript(options)
  const at = html.indexOf(whole)
  if (at < 0) throw new Error('prerender: the page has no app loader script')
  return (
    html.slice(0, at) +
    appLoaderScript(loaderKeeping(options, keep)) +
    html.slice(at + whole.length)
  )
}

/** A keep for `withLoaderKeeping`: the routes that match `path`. */
export const routesOf =
  (path: string) =>
  (pattern: string): boolean =>
    new RegExp(pattern).test(path)
