// The unit tests' user-event: the copy storybook/test bundles, which the stories played here use.
// The client files share one jsdom per worker, and user-event prepares a document once, wrapping
// each focused field's `value` setter; a second copy wraps it again, and from then on the first
// copy's typing reaches its own wrapper as a script's write and is dropped. One copy, no clash.
export { uninstrumentedUserEvent as userEvent } from 'storybook/test';
