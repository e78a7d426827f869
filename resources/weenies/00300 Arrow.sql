/* Weenie - Ammunition - Arrow (300): a PortalKit sample in ACE's SQL file shape,
   naming the demo DAT's ids */
DELETE FROM `weenie` WHERE `class_Id` = 300;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)
VALUES (300, 'arrow', 5, '2026-12-06 00:00:00') /* Ammunition */;

INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)
VALUES (300,   1,        256) /* ItemType */
     , (300,  93,     1044) /* PhysicsState */;

INSERT INTO `weenie_properties_bool` (`object_Id`, `type`, `value`)
VALUES (300,  11, True ) /* IgnoreCollisions */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (300,   1, 'Arrow') /* Name */;

INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (300,   1,   33554724) /* Setup */
     , (300,   3,  536870913) /* SoundTable */
     , (300,  22,  872415275) /* PhysicsEffectTable */;
