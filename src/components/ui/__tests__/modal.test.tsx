import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal';

function Harness({ withFields = true }: { withFields?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Place a bid
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Place a Bid"
        footer={withFields ? <button type="button">Confirm</button> : undefined}
      >
        {withFields ? (
          <label>
            Your bid
            <input name="bid" />
          </label>
        ) : (
          <p>Read only</p>
        )}
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="Hidden">
        <p>Body</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title, rendered in a portal', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Place a bid' }));
    const dialog = screen.getByRole('dialog', { name: 'Place a Bid' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The platform's modal dialog (top layer, inert page), opened with showModal().
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(container).not.toContainElement(dialog);
  });

  it('moves focus to the first field in the content on open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Place a bid' }));
    expect(screen.getByRole('textbox', { name: 'Your bid' })).toHaveFocus();
  });

  it('focuses the dialog itself when the content has nothing focusable', async () => {
    const user = userEvent.setup();
    render(<Harness withFields={false} />);
    await user.click(screen.getByRole('button', { name: 'Place a bid' }));
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Place a bid' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const input = screen.getByRole('textbox', { name: 'Your bid' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Place a bid' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with the X button labelled "Close"', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Place a bid' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Modal open onClose={onClose} title="Checkout">
        <p>Purchase this item at your own risk</p>
      </Modal>,
    );
    await user.click(screen.getByText('Purchase this item at your own risk'));
    expect(onClose).not.toHaveBeenCalled();
    // The <dialog> spans the viewport around its panel: a click on it is one on the backdrop.
    await user.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scroll while open and restores it after', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Place a bid' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('focuses the element given as initialFocusRef', () => {
    function WithRef() {
      const confirm = useRef<HTMLButtonElement>(null);
      return (
        <Modal
          open
          onClose={() => {}}
          title="Checkout"
          initialFocusRef={confirm}
          footer={
            <button type="button" ref={confirm}>
              Confirm checkout
            </button>
          }
        >
          <input aria-label="Quantity" />
        </Modal>
      );
    }
    render(<WithRef />);
    expect(screen.getByRole('button', { name: 'Confirm checkout' })).toHaveFocus();
  });
});
