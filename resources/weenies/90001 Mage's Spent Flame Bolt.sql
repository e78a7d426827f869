-- Weenie - Generic - Mage's Spent Flame Bolt (90001): a PortalKit sample (not an ACE weenie)
-- that shares Flame Bolt's Setup, so a DID lookup finds two weenies.
DELETE FROM `weenie` WHERE `class_Id` = 90001;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`)
VALUES (90001, 'magespentflamebolt', 1) /* Generic */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (90001,   1, 'Mage''s Spent Flame Bolt') /* Name */;

# MySQL also takes '#' comments.
INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (90001,   1,   33555469) /* Setup */, (90001,   8,  100667494) /* Icon */;
