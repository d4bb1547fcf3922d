import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToasts } from '../toast';
import { Toaster } from '../toaster';

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.getState().clear();
});

afterEach(() => {
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('toasts', () => {
  it('announces success politely in a status region', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Bid placed', description: '1.22 ETH on Hamlet', tone: 'success' });
    });
    const status = screen.getByRole('status', { name: 'Notifications' });
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(within(status).getByText('Bid placed')).toBeInTheDocument();
    expect(within(status).getByText('1.22 ETH on Hamlet')).toBeInTheDocument();
  });

  it('puts errors in an alert region', () => {
    render(<Toaster />);
    act(() => {
      useToasts.getState().toast({ title: 'Could not save', tone: 'error' });
    });
    expect(within(screen.getByRole('alert')).getByText('Could not save')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).queryByText('Could not save')).toBeNull();
  });

  it('goes away on its own after 5 seconds', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Saved', tone: 'info' });
    });
    wait(4900);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    wait(100);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('pauses while hovered or focused and resumes with the time left', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Copied', tone: 'success' });
    });
    wait(3000);
    const card = screen.getByText('Copied').closest('li') as HTMLElement;
    fireEvent.mouseEnter(card);
    wait(10_000);
    expect(screen.getByText('Copied')).toBeInTheDocument();
    fireEvent.mouseLeave(card);
    wait(1900);
    expect(screen.getByText('Copied')).toBeInTheDocument();

    const dismiss = screen.getByRole('button', { name: 'Dismiss notification' });
    act(() => dismiss.focus());
    wait(10_000);
    expect(screen.getByText('Copied')).toBeInTheDocument();
    act(() => dismiss.blur());
    wait(100);
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('dismisses with the button', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Followed', tone: 'success' });
      showToast({ title: 'Favourited', tone: 'success' });
    });
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    fireEvent.click(buttons[0] as HTMLElement);
    expect(screen.queryByText('Followed')).not.toBeInTheDocument();
    expect(screen.getByText('Favourited')).toBeInTheDocument();
  });

  it('keeps only the latest few on screen and returns ids', () => {
    render(<Toaster />);
    const ids: string[] = [];
    act(() => {
      for (let i = 1; i <= 6; i += 1) ids.push(showToast({ title: `Note ${i}`, tone: 'info' }));
    });
    expect(new Set(ids).size).toBe(6);
    expect(screen.queryByText('Note 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Note 2')).not.toBeInTheDocument();
    expect(screen.getByText('Note 6')).toBeInTheDocument();
    expect(useToasts.getState().toasts).toHaveLength(4);
  });
});
