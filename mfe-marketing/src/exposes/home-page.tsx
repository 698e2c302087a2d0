import { HomePage } from '../features/home/home-page';

export default HomePage;
