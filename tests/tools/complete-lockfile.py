#!/usr/bin/env python3
"""
Completes package-lock.json with the platform-specific optional packages that npm leaves out.

Our package registry mirror only carries the Linux builds of native packages (rollup, unrs-resolver, ...),
so `npm install` writes a lock file without the other platforms' entries, and `npm ci` then refuses it
("Missing: @rollup/rollup-darwin-x64@ from lock file"). This adds each missing optional package as an entry
with its version and the os/cpu/libc it is built for, so npm ci sees a complete lock file and skips them
on this platform, exactly as it does with a lock file written elsewhere. Run it after `npm install`.
"""
import json
import re
import sys

PATH = sys.argv[1] if len(sys.argv) > 1 else 'package-lock.json'

OS_NAMES = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix',
            'netbsd', 'wasm32', 'wasi']
CPU_NAMES = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'universal',
             'wasm32']


def platform_of(name: str):
    base = name.split('/')[-1]
    os_name = next((o for o in OS_NAMES if re.search(rf'(^|-){o}(-|$)', base)), None)
    cpu = next((c for c in CPU_NAMES if re.search(rf'(^|-){c}(-|$)', base)), None)
    if os_name is None or cpu is None:
        return None
    entry = {'os': [os_name], 'cpu': [cpu if cpu != 'universal' else 'x64']}
    if os_name == 'linux':
        entry['libc'] = ['musl'] if 'musl' in base else ['glibc']
    return entry


def main() -> int:
    with open(PATH) as handle:
        lock = json.load(handle)
    packages = lock['packages']
    added = 0
    for path, meta in list(packages.items()):
        optional = meta.get('optionalDependencies') or {}
        for dep, wanted in optional.items():
            # Resolve like node: nested first, then the top level.
            nested = f'{path}/node_modules/{dep}' if path else f'node_modules/{dep}'
            top = f'node_modules/{dep}'
            if nested in packages or top in packages:
                continue
            platform = platform_of(dep)
            if platform is None:
                continue
            version = re.sub(r'^[\^~=]', '', wanted)
            entry = {'version': version}
            if meta.get('dev'):
                entry['dev'] = True
            entry.update(platform)
            entry['optional'] = True
            packages[top] = entry
            added += 1
    lock['packages'] = dict(sorted(packages.items(), key=lambda item: (item[0] != '', item[0])))
    with open(PATH, 'w') as handle:
        json.dump(lock, handle, indent=2)
        handle.write('\n')
    print(f'complete-lockfile: added {added} platform entries')
    return 0


if __name__ == '__main__':
    sys.exit(main())
