import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', '**/recorded/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  { files: ['bin/**', 'scripts/**', 'bench/**'], rules: { 'no-console': 'off' } },
  {
    // Plain ES modules served to the browser as they are (the console, the API reference).
    files: ['api/console/assets/**/*.js', 'api/openapi/reference/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: {
        window: 'readonly', document: 'readonly', navigator: 'readonly', fetch: 'readonly', console: 'readonly',
        location: 'readonly', history: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', Intl: 'readonly', HTMLElement: 'readonly', Event: 'readonly', CustomEvent: 'readonly',
        requestAnimationFrame: 'readonly', ResizeObserver: 'readonly', confirm: 'readonly', crypto: 'readonly',
        Node: 'readonly', FormData: 'readonly', sessionStorage: 'readonly', TextEncoder: 'readonly',
      },
    },
  },
);
