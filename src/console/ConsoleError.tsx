import { Error as RaError } from 'react-admin';

/** react-admin's error page (a lazy chunk: it brings MUI's Accordion, only needed when a page fails). */
export default RaError;
