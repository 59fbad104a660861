// Stands in for react-devtools-core, which Ink imports only when DEV is set.
export default {};
export const connectToDevTools = () => {};
