/** Messaging's face: the message button other features place beside a person. */
export { MessageButton } from './components/message-button';
