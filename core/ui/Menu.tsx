import styled from 'styled-components'
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components/Menu'
import { Popover, type PopoverProps } from 'react-aria-components/Popover'
import { Separator } from 'react-aria-components/Separator'

const MenuPopover = styled(Popover)`
  z-index: ${({ theme }) => theme.z.dropdown};
  min-width: 200px;
  max-width: 320px;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.divider};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  overflow: auto;
`

const MenuList = styled(AriaMenu)`
  padding: ${({ theme }) => theme.space.xs} 0;
  outline: none;
` as typeof AriaMenu

const Item = styled(AriaMenuItem)<{ $danger?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.size.control.md};
  padding: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme, $danger }) => ($danger ? theme.color.errorText : theme.color.text)};
  font-size: ${({ theme }) => theme.font.size.md};
  text-decoration: none;
  cursor: pointer;
  outline: none;

  &[data-focused] {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
  &[data-disabled] {
    color: ${({ theme }) => theme.color.textDisabled};
    cursor: not-allowed;
  }
`

export const MenuSeparator = styled(Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space.xs} 0;
  border: 0;
  background: ${({ theme }) => theme.color.divider};
`

export interface MenuProps<T extends object> extends Omit<AriaMenuProps<T>, 'className' | 'style'> {
  /** Where the popover opens relative to the trigger; 'bottom end' suits a header user menu. */
  placement?: PopoverProps['placement']
  /**
   * The trigger and its state: the trigger is the cabinet's native Button (react-aria's MenuTrigger needs its own
   * Button), so a menu can also load lazily on first opening while its button is already on the page.
   */
  popover: Pick<PopoverProps, 'triggerRef' | 'isOpen' | 'onOpenChange'>
}

/**
 * A dropdown menu in a popover, opened by a Button that holds its state (app/shell/UserMenu):
 *   <Button ref={trigger} aria-haspopup="menu" aria-expanded={open} onPress={() => setOpen(!open)}>{name}</Button>
 *   <Menu popover={{ triggerRef: trigger, isOpen: open, onOpenChange: setOpen }} onAction={…} onClose={…}>
 *     <MenuItem id="profile">…</MenuItem><MenuSeparator /><MenuItem id="logout">…</MenuItem>
 *   </Menu>
 * Arrow keys, typeahead, Escape and focus return come from react-aria. Items with `href` navigate through
 * react-aria's RouterProvider (the app binds it to its router).
 */
export function Menu<T extends object>({ placement = 'bottom end', popover, ...rest }: MenuProps<T>) {
  return (
    <MenuPopover placement={placement} offset={4} {...popover}>
      <MenuList {...rest} />
    </MenuPopover>
  )
}

export interface MenuItemProps<T extends object = object> extends Omit<AriaMenuItemProps<T>, 'className' | 'style'> {
  /** Destructive action (e.g. logout, delete): shown in the error colour. */
  isDanger?: boolean
}

export function MenuItem<T extends object = object>({ isDanger, ...rest }: MenuItemProps<T>) {
  return <Item {...(rest as AriaMenuItemProps<object>)} $danger={isDanger} />
}
