import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types, run by `pnpm lint` too.
import { checkTree, findViolations } from '../../scripts/check-imports.mjs';

// Spelled apart so that this file, which the check also reads, holds no deep import itself.
const UP3 = '../'.repeat(3);

describe('feature import boundaries', () => {
  it.each([
    ['another feature', 'features/chat/api/x.ts', "import { y } from '../../groups/api/channels.ts';", 1],
    ['a route screen', 'features/chat/components/X.tsx', "import X from '@/app/routes/chats.tsx';", 1],
    ['the app shell', 'features/chat/x.ts', "export { a } from '../../app/store.ts';", 1],
    ['a lazy import of another feature', 'features/chat/x.ts', "const m = import('../groups/x.ts');", 1],
    ['its own files', 'features/chat/api/x.ts', "import { y } from '../components/Y.tsx';", 0],
    [
      'shared lib, config and components',
      'features/chat/x.ts',
      "import { a } from '../../lib/a.ts';\nimport { p } from '../../config/paths.ts';\nimport { B } from '../../components/ui/B.tsx';",
      0,
    ],
    [
      'another feature through the @/ alias',
      'features/chat/x.ts',
      "import { y } from '@/features/groups/api/channels.ts';",
      1,
    ],
    ['the app through the @/ alias', 'features/chat/x.ts', "import { App } from '@/app/App.tsx';", 1],
    ['its own files through the @/ alias', 'features/chat/x.ts', "import { y } from '@/features/chat/api/y.ts';", 0],
    ['shared code through the @/ alias', 'features/chat/x.ts', "import { B } from '@/components/ui/B.tsx';", 0],
    ['shared UI importing a feature through the @/ alias', 'lib/x.ts', "import { y } from '@/features/chat/y.ts';", 1],
    ['packages', 'features/chat/x.ts', "import { useQuery } from '@tanstack/react-query';", 0],
    ['shared UI importing a feature', 'components/ui/X.tsx', "import { y } from '../../features/chat/api/y.ts';", 1],
    ['lib importing the app', 'lib/x.ts', "import { routes } from '../app/router.tsx';", 1],
    [
      'lib importing lib and config',
      'lib/x.ts',
      "import { a } from './a.ts';\nimport { p } from '../config/paths.ts';",
      0,
    ],
    ['a feature importing the app shell', 'features/chat/x.ts', "import { App } from '../../app/App.tsx';", 1],
    ['an import climbing three folders', 'features/chat/api/x.ts', `import { B } from '${UP3}components/B.tsx';`, 1],
    ['a lazy import climbing three folders', 'app/routes/x.tsx', `const m = import('${UP3}lib/a.ts');`, 1],
    [
      'a test climbing four folders',
      'features/chat/components/__tests__/X.test.tsx',
      `import { r } from '../${UP3}test/r.tsx';`,
      1,
    ],
    ['an import climbing two folders', 'app/routes/x.tsx', "import { a } from '../../lib/a.ts';", 0],
    [
      'a route importing two features (routes compose features)',
      'app/routes/chats.tsx',
      "import { a } from '../../features/chat/a.ts';\nimport { b } from '../../features/groups/b.ts';",
      0,
    ],
  ])('%s', (_name, path, text, count) => {
    expect(findViolations({ [path]: text })).toHaveLength(count);
  });

  it('holds for the app as it is', () => {
    // happy-dom gives import.meta.url an http scheme: the tree is found from the working directory.
    expect(checkTree(resolve(process.cwd(), 'src'))).toEqual([]);
  });
});
