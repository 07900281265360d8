export { SharedNotesAndComments } from './contact-notes-cards'
