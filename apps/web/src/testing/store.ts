/** The app's store, with the features' slices, for tests under features/ (which do not import app/). */
export { makeStore } from '../app/store';
