/**
 * react-admin's filter form and the inputs only some lists show (text, a switch, a number, an
 * instant): loaded once a list shows a filter other than its search, so a list's first screen
 * goes without the form library.
 */
export { BooleanInput, DateTimeInput, FilterForm, NumberInput, TextInput } from 'react-admin';
