import exposes from '../../exposes.json';
import { buildQna } from '@testing/data-generators';
import { describeExposedPages } from '@testing/exposed-pages';
import { signIn } from '@testing/sign-in';
import { fakeQnasServer } from '../testing/fake-qnas-server';

describeExposedPages({
  exposes,
  // The pages the shell mounts (product-spec.md §2), where each one lives and the title it sets.
  pages: {
    './ai-training-page': {
      route: '/dashboard/ws_fernhill/ai-training',
      path: '/dashboard/:workspaceId/ai-training',
      title: 'AI training',
    },
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    fakeQnasServer({ qnas: [buildQna()] });
    await signIn();
  },
  mayLinkTo: (href) => /^\/dashboard\/ws_fernhill\/ai-training(\?.*)?$/.test(href),
});
