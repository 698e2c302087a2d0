import 'i18next';
import type { CommonResources } from 'shared-ui';
import type site from './i18n/en-US.json';
import type aboutUs from './features/about-us/en-US.json';
import type benefits from './features/benefits/en-US.json';
import type compare from './features/compare/en-US.json';
import type contactUs from './features/contact-us/en-US.json';
import type customerService from './features/customer-service/en-US.json';
import type customerSupport from './features/customer-support/en-US.json';
import type customers from './features/customers/en-US.json';
import type getADemo from './features/get-a-demo/en-US.json';
import type helpCenter from './features/help-center/en-US.json';
import type home from './features/home/en-US.json';
import type integrations from './features/integrations/en-US.json';
import type marketing from './features/marketing/en-US.json';
import type news from './features/news/en-US.json';
import type pricing from './features/pricing/en-US.json';
import type product from './features/product/en-US.json';
import type sales from './features/sales/en-US.json';
import type solutions from './features/solutions/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// area, added by the area's page module when it loads; `site` by the shared building blocks).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      site: typeof site;
      'about-us': typeof aboutUs;
      benefits: typeof benefits;
      compare: typeof compare;
      'contact-us': typeof contactUs;
      'customer-service': typeof customerService;
      'customer-support': typeof customerSupport;
      customers: typeof customers;
      'get-a-demo': typeof getADemo;
      'help-center': typeof helpCenter;
      home: typeof home;
      integrations: typeof integrations;
      marketing: typeof marketing;
      news: typeof news;
      pricing: typeof pricing;
      product: typeof product;
      sales: typeof sales;
      solutions: typeof solutions;
    };
  }
}
