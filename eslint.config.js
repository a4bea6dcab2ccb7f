import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = [
  'account',
  'admin',
  'affiliate',
  'auth',
  'cart',
  'catalogue',
  'chat',
  'checkout',
  'content',
  'currency',
  'home',
  'newsletter',
  'outbox',
  'search',
  'wishlist',
]

/**
 * Code flows one way: shared (components, lib, config) → features → app and routes. A feature may use
 * another feature through its state (its `*-slice.ts`) or its public entry (`<feature>.ts`), never its
 * components or internals; screens are composed in app/ and routes/, which features never import (the
 * typed store hooks live in lib/).
 */
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [
      `./${feature}`,
      ...features
        .filter((f) => f !== feature)
        .flatMap((f) => [`./${f}/${f}-slice.ts`, `./${f}/${f}.ts`]),
    ],
    message:
      'Features may only use another feature through its slice; compose screens in app/ or routes/.',
  })),
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message:
      'Features must not depend on app or routes: the typed store hooks are in @/lib/app-state.',
  },
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Shared code must not depend on features, app or routes.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'bench-results',
      'reports',
      '.stryker-tmp*',
      '.data',
      'src/routeTree.gen.ts',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks from @/lib/app-state.',
            },
            {
              name: '@chakra-ui/react',
              message:
                'Import Chakra components from their own entry (e.g. @chakra-ui/react/button) to keep the first route small.',
            },
            {
              name: 'dompurify',
              message: 'Sanitise HTML only through the SafeHtml component.',
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
  {
    files: ['src/lib/app-state.ts', 'src/components/safe-html.tsx', 'src/lib/sanitize.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['supabase/local/**', 'tests/**', 'e2e/**', '*.config.{ts,js}'],
    rules: { 'no-console': 'off' },
  },
)
