import { BenefitsPage } from '../features/benefits/components/benefits-page';

export default BenefitsPage;
