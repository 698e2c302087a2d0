import { BenefitsPage } from '../features/benefits/benefits-page';

export default BenefitsPage;
