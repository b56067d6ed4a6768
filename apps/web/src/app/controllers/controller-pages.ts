/** The controller pages, loaded together when one of them is opened. */
export { BlocksPage } from './blocks-page';
export { ControllersPage } from './controllers-page';
