import { HomePage } from '../features/home/components/home-page';

export default HomePage;
