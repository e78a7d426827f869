/* Weenie - Ammunition - Quarrel (305): a PortalKit sample in ACE's SQL file shape,
   naming the demo DAT's ids */
DELETE FROM `weenie` WHERE `class_Id` = 305;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)
VALUES (305, 'quarrel', 5, '2026-12-06 00:00:00') /* Ammunition */;

INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)
VALUES (305,   1,        256) /* ItemType */
     , (305,  93,     1044) /* PhysicsState */;

INSERT INTO `weenie_properties_bool` (`object_Id`, `type`, `value`)
VALUES (305,  11, True ) /* IgnoreCollisions */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (305,   1, 'Quarrel') /* Name */;

INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (305,   1,   33554730) /* Setup */
     , (305,   3,  536870913) /* SoundTable */
     , (305,  22,  872415275) /* PhysicsEffectTable */;
