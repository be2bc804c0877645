import { installedVersion } from './consumerProject.ts'

/**
 * The files `npm create vite@latest -- --template react-ts` gives (React and react-dom its only
 * dependencies), with `main` as src/main.tsx: what a guide's `npm install` line adds is for the
 * test to install into it (`npmInstall` with `guideInstallArgs`), as the guide's reader does.
 */
export function viteReactTsTemplate(
  main: string,
  versions: { react: string },
): Record<string, string> {
  const shared = {
    skipLibCheck: true,
    moduleResolution: 'bundler',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    moduleDetection: 'force',
    noEmit: true,
    strict: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    erasableSyntaxOnly: true,
    noFallthroughCasesInSwitch: true,
    noUncheckedSideEffectImports: true,
  }
  return {
    'package.json': JSON.stringify({
      name: 'vite-consumer',
      private: true,
      type: 'module',
      scripts: { build: 'tsc -b && vite build' },
      dependencies: { react: versions.react, 'react-dom': versions.react },
      devDependencies: {
        '@types/node': installedVersion('@types/node'),
        '@types/react': installedVersion('@types/react'),
        '@types/react-dom': installedVersion('@types/react-dom'),
        '@vitejs/plugin-react': installedVersion('@vitejs/plugin-react'),
        typescript: installedVersion('typescript'),
        vite: installedVersion('vite'),
      },
    }),
    'index.html':
      '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>consumer</title></head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
    'src/main.tsx': main,
    'vite.config.ts':
      "import react from '@vitejs/plugin-react'\nimport { defineConfig } from 'vite'\n\nexport default defineConfig({ plugins: [react()] })\n",
    'tsconfig.json': JSON.stringify({
      files: [],
      references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }],
    }),
    'tsconfig.app.json': JSON.stringify({
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
        target: 'ES2022',
        useDefineForClassFields: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        types: ['vite/client'],
        jsx: 'react-jsx',
        ...shared,
      },
      include: ['src'],
    }),
    'tsconfig.node.json': JSON.stringify({
      compilerOptions: {
        tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
        target: 'ES2023',
        lib: ['ES2023'],
        module: 'ESNext',
        types: ['node'],
        ...shared,
      },
      include: ['vite.config.ts'],
    }),
  }
}
