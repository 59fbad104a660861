import { Text } from 'ink';
import { Component, type ReactNode } from 'react';
import { tone } from '../components/theme.js';

/** A render error becomes one line (never a stack); `onError` lets the app end cleanly. */
export class ErrorBoundary extends Component<
  { children: ReactNode; onError?: (message: string) => void },
  { message?: string }
> {
  override state: { message?: string } = {};

  static getDerivedStateFromError(err: unknown): { message: string } {
    return { message: err instanceof Error ? (err.message.split('\n')[0] ?? err.name) : String(err) };
  }

  override componentDidCatch(err: unknown): void {
    this.props.onError?.(err instanceof Error ? (err.message.split('\n')[0] ?? err.name) : String(err));
  }

  override render(): ReactNode {
    if (this.state.message !== undefined) {
      return <Text color={tone('red')}>simcoach: internal error in the screen: {this.state.message}</Text>;
    }
    return this.props.children;
  }
}
